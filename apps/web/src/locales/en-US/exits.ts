/** Texts of the operator console's exits page(s) (loaded with the console's pages only). */
export const exits = {};
