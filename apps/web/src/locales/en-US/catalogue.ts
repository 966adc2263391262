/** Texts of the operator console's catalogue page(s) (loaded with the console's pages only). */
export const catalogue = {};
