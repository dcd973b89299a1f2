// Written by `npm run api-table` from the endpoint table (src/lib/contract/endpoints.ts), and
// held to it by tsc (`satisfies DeskClientRoutes`): the desk's calls, apart from the
// storefront's so that no storefront page ships them.
import type { DeskClientRoutes } from '../lib/contract/endpoints.ts';

/** Method, path and the answer schema's key of each call the desk makes. */
export const DESK_ROUTES = {
  deskSignIn: ['POST', '/api/desk/signin', 'deskSession'],
  deskSignOut: ['POST', '/api/desk/signout', 'deskMessage'],
  deskMe: ['POST', '/api/desk/me', 'deskMe'],
  deskAcceptInvitation: ['POST', '/api/desk/staff/accept', 'deskEnrol'],
  deskConfirmInvitation: ['POST', '/api/desk/staff/confirm', 'deskSession'],
  deskInvite: ['POST', '/api/desk/staff/invite', 'deskInvited'],
  deskStaffList: ['POST', '/api/desk/staff/list', 'deskStaffList'],
  deskStaffRole: ['POST', '/api/desk/staff/role', 'deskStaffChange'],
  deskStaffPersonalData: ['POST', '/api/desk/staff/personal-data', 'deskStaffChange'],
  deskStaffRemove: ['POST', '/api/desk/staff/remove', 'deskStaffChange'],
  deskOrders: ['POST', '/api/desk/orders/list', 'deskOrders'],
  deskOrder: ['POST', '/api/desk/orders/show', 'deskOrder'],
  deskMove: ['POST', '/api/desk/orders/move', 'deskMoved'],
  deskAudit: ['POST', '/api/desk/audit', 'deskAudit'],
  deskReturns: ['POST', '/api/desk/returns/list', 'deskReturns'],
  deskReturnStep: ['POST', '/api/desk/returns/step', 'deskReturnMoved'],
  deskSettings: ['POST', '/api/desk/settings', 'deskSettings'],
  deskSettingsSave: ['POST', '/api/desk/settings/save', 'deskSettingsSaved'],
  deskPayment: ['POST', '/api/desk/orders/payment', 'deskPaid'],
  deskRefund: ['POST', '/api/desk/orders/refund', 'deskPaid'],
  deskMailFailures: ['POST', '/api/desk/mail/failures', 'deskMailFailures'],
  deskMailResend: ['POST', '/api/desk/mail/resend', 'deskMailResent'],
  deskBusiness: ['POST', '/api/desk/business', 'deskBusiness'],
  deskCustomer: ['POST', '/api/desk/customer', 'deskCustomer'],
  deskExport: ['POST', '/api/desk/orders/export', 'deskCsv'],
  deskProductStock: ['POST', '/api/desk/products/stock', 'deskProductState'],
  deskProductArchive: ['POST', '/api/desk/products/archive', 'deskProductState'],
  deskProductRestore: ['POST', '/api/desk/products/restore', 'deskProductState'],
  deskProductDelete: ['POST', '/api/desk/products/delete', 'deskProductDeleted'],
  deskProducts: ['POST', '/api/desk/products/list', 'deskProductList'],
  deskProductEdit: ['POST', '/api/desk/products/edit', 'deskProductEdited'],
  deskProductSave: ['POST', '/api/desk/products/save', 'deskProductSaved'],
  deskPhotoUpload: ['POST', '/api/desk/products/photo', 'deskPhoto'],
  deskPublish: ['POST', '/api/desk/catalogue/publish', 'deskCatalogue'],
  deskPublishProgress: ['POST', '/api/desk/catalogue/progress', 'deskCatalogue'],
} as const satisfies DeskClientRoutes;
