import type { exits as en } from '../en-US/exits';
import type { Translation } from '../types';

export const exits: Translation<typeof en> = {};
