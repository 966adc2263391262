/** Texts of the operator console's payments page(s) (loaded with the console's pages only). */
export const payments = {};
