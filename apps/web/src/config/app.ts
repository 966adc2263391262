/** Product-wide settings of the web app (docs/product.md#constants). */
export const APP_NAME: string = import.meta.env.VITE_APP_NAME ?? 'Resiport';

/** Where a customer writes when a payment needs a person (e.g. an underpaid invoice); build time. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@resiport.example';

/** The router basename; the server serves the built app under it. */
export const BASE_PATH = '/client';

/** Every API call goes under this prefix (docs/product.md#api). */
export const API_BASE = '/api';
