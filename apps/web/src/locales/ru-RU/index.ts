import type { Messages } from '../load-locale';
import { account } from './account';
import { auth } from './auth';
import { common } from './common';
import { dashboard } from './dashboard';
import { layout } from './layout';
import { menu } from './menu';
import { orders } from './orders';
import { proxy } from './proxy';
import { recharge } from './recharge';
import { usage } from './usage';

/** Russian: each namespace is typed against its English file, so nothing can be missing. */
const messages: Messages = {
  ...common,
  ...menu,
  ...layout,
  ...auth,
  ...account,
  ...dashboard,
  ...orders,
  ...proxy,
  ...recharge,
  ...usage,
};

export default messages;
