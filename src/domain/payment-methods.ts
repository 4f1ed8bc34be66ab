// The payment methods of a charge: the values of its payment_method.
export type PaymentMethod = 'pix' | 'card' | 'boleto';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['pix', 'card', 'boleto'];
