/** Every generator query starts with this key. */
export const dynamicKey = ['dynamic'] as const;
