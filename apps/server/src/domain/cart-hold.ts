/**
 * The `cart_id` of a hold that carts of two of the family's devices both asked for (decision 137):
 * no one cart gives it back, and it lapses on its own at its time. A browser's cart id is 8 to 64
 * characters, so it never reads as this.
 */
export const SHARED_HOLD = 'shared';
