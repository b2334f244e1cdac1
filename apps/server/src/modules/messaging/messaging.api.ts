// The messaging module's one door: other modules, flows and the app import only this file.
export { devOutboxEnabled, mailRoutes } from './mail.routes.ts';
export { createMailer, enqueueMail, renderMail } from './mailer.ts';
export type { Mailer } from './mailer.ts';
export { messagesRoutes } from './messages.routes.ts';
export { notificationRoutes } from './notification.routes.ts';
export { findClientEmail, findGuardianAddress, findMailableClient, isEmailOptedOut, mailGuardians, notifyClient, queueFamilyMail } from './notification.service.ts';
export { messagingJobs } from './messaging.jobs.ts';
export { notifyCommand, notifyUsage } from './notify-command.ts';
