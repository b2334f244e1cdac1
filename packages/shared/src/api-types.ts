import type { InvoiceStatus } from './constants.ts';

/** Answer shapes of the HTTP contract (D1 §7, D2 §3). */
export interface ApiError {
  message: string;
  code: string;
  errors?: { field: string; message: string }[];
}

export interface CustomerUser {
  ClientID: number;
  FirstName: string;
  LastName: string;
  total_barcodes: number;
}

export interface SignInAction {
  id: number;
  type: 'AcceptAgreement' | 'UpdateProfile' | 'UpdateStudent' | 'ChangePassword';
  agreement_id: number | null;
  student_id: number | null;
}

export interface LoginAnswer {
  success: true;
  actions: SignInAction[];
  user: CustomerUser;
  server_redirect?: string;
}

export interface CompanyListEntry {
  CustomerID: number;
  TradingName: string;
  Application: string;
}

export interface ClientAccount {
  ClientID: number;
  FirstName: string;
  LastName: string;
}

export interface UpcomingClass {
  date: string;
  student_name: string;
  lesson_format_id: number | null;
  lesson_format: string;
  venue_id: number | null;
  venue: string;
  court: string;
  profile_picture: string | null;
  student_id: number;
  class_id: number;
  session_id: number;
  standard: string;
}

export interface HomeInvoice {
  InvoiceNo: string;
  InvoiceDate: string;
  PaymentDate: string;
  Total: number;
  balance_due: number;
  status: InvoiceStatus;
}

export interface Paged {
  current_page: number;
  total_pages: number;
}

export interface NotificationContact {
  NotificationContactID: number;
  Status: 'New' | 'Read';
  Notifications: {
    ClientInAppTitle: string;
    ClientInAppContent: string;
    DateTimeCreated: string;
    TagData: Record<string, unknown> | null;
  };
}

export interface NotificationList {
  total_count: number;
  total_count_new: number;
  notificationContacts: NotificationContact[];
}

export interface PortalMessage {
  CPMessageID: number;
  Title: string;
  Body: string;
  PublishedTimestamp: string;
  CP_CustomersMessagesRead: { ReadTimestamp: string }[];
}

export interface MessageList {
  total_count: number;
  messages: PortalMessage[];
  unread_messages_count: number;
}

export interface OptOut {
  category: string;
  label: string;
  email: boolean;
  in_app: boolean;
}
