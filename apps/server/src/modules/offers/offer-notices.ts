import { formatCOPExact, OFFER_PAYMENT_HOURS, OFFER_TTL_HOURS } from '@app/contracts';
import { toPesos } from '../../platform/money.ts';
import type { NewNotification } from '../notifications/notifications.service.ts';

const OFFERS_PAGE = '/ofertas';
const PAY_PAGE = '/auctions/won/';
const money = (centavos: number) => formatCOPExact(toPesos(centavos));

/** The Spanish notices of each step of an offer (each also e-mailed, under sales and purchases). */
export const offerNotices = {
  received: (sellerId: number, buyer: string, amount: number, product: string): NewNotification => ({
    userId: sellerId,
    type: 'offer',
    title: 'Nueva oferta',
    message: `${buyer} ofreció ${money(amount)} por "${product}". Tienes ${OFFER_TTL_HOURS} horas para responder.`,
    link: OFFERS_PAGE,
  }),
  autoDeclinedToSeller: (sellerId: number, amount: number, product: string): NewNotification => ({
    userId: sellerId,
    type: 'offer',
    title: 'Oferta rechazada automáticamente',
    message: `Una oferta de ${money(amount)} por "${product}" quedó por debajo de tu precio de rechazo automático.`,
    link: OFFERS_PAGE,
  }),
  autoAcceptedToSeller: (sellerId: number, amount: number, product: string): NewNotification => ({
    userId: sellerId,
    type: 'offer',
    title: 'Oferta aceptada automáticamente',
    message: `Se aceptó una oferta de ${money(amount)} por "${product}". El producto queda reservado mientras el comprador paga.`,
    link: OFFERS_PAGE,
  }),
  acceptedToBuyer: (buyerId: number, amount: number, product: string): NewNotification => ({
    userId: buyerId,
    type: 'offer',
    title: '¡Tu oferta fue aceptada!',
    message: `Tu oferta de ${money(amount)} por "${product}" fue aceptada. Tienes ${OFFER_PAYMENT_HOURS} horas para pagar.`,
    link: PAY_PAGE,
  }),
  counterAcceptedToSeller: (sellerId: number, amount: number, product: string): NewNotification => ({
    userId: sellerId,
    type: 'offer',
    title: 'Aceptaron tu contraoferta',
    message: `El comprador aceptó tu contraoferta de ${money(amount)} por "${product}". El producto queda reservado mientras paga.`,
    link: OFFERS_PAGE,
  }),
  declinedToBuyer: (buyerId: number, amount: number, product: string): NewNotification => ({
    userId: buyerId,
    type: 'offer',
    title: 'Oferta rechazada',
    message: `El vendedor rechazó tu oferta de ${money(amount)} por "${product}".`,
    link: OFFERS_PAGE,
  }),
  counterDeclinedToSeller: (sellerId: number, amount: number, product: string): NewNotification => ({
    userId: sellerId,
    type: 'offer',
    title: 'Rechazaron tu contraoferta',
    message: `El comprador rechazó tu contraoferta de ${money(amount)} por "${product}".`,
    link: OFFERS_PAGE,
  }),
  reservedForOther: (buyerId: number, product: string): NewNotification => ({
    userId: buyerId,
    type: 'offer',
    title: 'Oferta cerrada',
    message: `El vendedor aceptó otra oferta por "${product}", así que la tuya quedó rechazada.`,
    link: OFFERS_PAGE,
  }),
  countered: (buyerId: number, amount: number, product: string): NewNotification => ({
    userId: buyerId,
    type: 'offer',
    title: 'Contraoferta del vendedor',
    message: `El vendedor de "${product}" te propone ${money(amount)}. Tienes ${OFFER_TTL_HOURS} horas para responder.`,
    link: OFFERS_PAGE,
  }),
  expired: (userId: number, product: string): NewNotification => ({
    userId,
    type: 'offer',
    title: 'Oferta vencida',
    message: `La oferta por "${product}" venció sin respuesta.`,
    link: OFFERS_PAGE,
  }),
};
