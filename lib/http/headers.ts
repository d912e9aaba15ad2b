/** Set by the adapters (never trusted from clients): the address the request came from. */
export const CLIENT_ADDRESS = 'x-pressroom-client-address';
