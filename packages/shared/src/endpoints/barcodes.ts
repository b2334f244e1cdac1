import { defineEndpoint } from '../endpoint';
import { idParams } from '../endpoint-params';
import { barcodeAnswerSchema, barcodesAnswerSchema } from '../barcode-schemas';

const tags = ['customer'];

/** The customer's barcodes (membership cards), each answered with an ETag: the same cards again are a 304. */
export const barcodeEndpoints = {
  list: defineEndpoint({ access: 'family-read', method: 'GET', path: '/api/customer/get-barcodes', auth: 'customer', response: barcodesAnswerSchema, tags }),
  get: defineEndpoint({ access: 'family-read', method: 'GET', path: '/api/customer/get-barcode/:id', auth: 'customer', params: idParams, response: barcodeAnswerSchema, tags }),
};
