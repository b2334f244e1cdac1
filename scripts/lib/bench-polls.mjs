// The rows of `npm run bench` that every open page makes: the bare endpoint (the ceiling the
// others are compared with), the notification and message polls, without a validator (a page
// load) and with the customer's last ETag (a browser between two polls), and get-config.

const NOTIFICATIONS = '/api/notification?page=1&limit=5&status=All';
const MESSAGES = '/api/messages?page=1&limit=5&status=All';

export const CEILING_ROW = { name: 'ceiling: GET /healthz', url: '/healthz', opts: { auth: false } };

/** Each poll only for customers whose company has that area switched on (`area`). */
export const POLL_ROWS = [
  { name: 'notification poll', url: NOTIFICATIONS, opts: {}, area: 'notifications' },
  { name: 'notification poll, If-None-Match', url: NOTIFICATIONS, opts: { validator: true }, area: 'notifications' },
  { name: 'message poll', url: MESSAGES, opts: {}, area: 'messages' },
  { name: 'message poll, If-None-Match', url: MESSAGES, opts: { validator: true }, area: 'messages' },
];

export const GET_CONFIG_ROW = { name: 'get-config', url: '/api/company/get-config', opts: {} };
