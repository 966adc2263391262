import type { payments as en } from '../en-US/payments';
import type { Translation } from '../types';

export const payments: Translation<typeof en> = {};
