/** One product of one auction, as the card prices socket and the cards name it. */
export type CardKey = string;
export const cardKey = (auctionId: number, productId: number): CardKey => `${auctionId}:${productId}`;
