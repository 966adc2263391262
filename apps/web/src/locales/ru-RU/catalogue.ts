import type { catalogue as en } from '../en-US/catalogue';
import type { Translation } from '../types';

export const catalogue: Translation<typeof en> = {};
