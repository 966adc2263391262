import type { customers as en } from '../en-US/customers';
import type { Translation } from '../types';

export const customers: Translation<typeof en> = {};
