import { defineSpec } from '../../contract/resource-spec';

/** About us: the company text (`/company`) and the site links (`/url`). */
export const aboutSpec = defineSpec({
  api: 'company',
  screen: '/web/aboutus',
  single: true,
  roles: 'everyone',
  menu: { icon: 'documentation', order: 12 },
});
