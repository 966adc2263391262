/** Texts of the operator console's customers page(s) (loaded with the console's pages only). */
export const customers = {};
