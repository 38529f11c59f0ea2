import {
  AUCTION_CARDS_PATH,
  CARD_SUBSCRIPTIONS_MAX,
  type CardPriceReading,
  type CardsClientMessage,
  readCardsServerMessage,
} from '@app/contracts';
import { type CardKey, cardKey } from './card-key.ts';
import { openLiveSocket } from './ws-client.ts';

function refOf(key: CardKey) {
  const [auction_id, product_id] = key.split(':').map(Number) as [number, number];
  return { auction_id, product_id };
}

/**
 * The page's one card prices socket (loaded after the first paint). It keeps the set of products wanted and tells the server what changed, several at
 * a time; after every (re)connection it subscribes the whole set again. `onConfirmed` says when
 * the server has a product in force (its first state arrived) or has let it go (its
 * unsubscription was answered).
 */
export function openCardPrices(handlers: {
  onCard(message: CardPriceReading): void;
  onConfirmed(key: CardKey, watching: boolean): void;
  /** After a reconnect or a return to the tab: what is on screen may have missed updates. */
  onResync?(): void;
}) {
  const wanted = new Set<CardKey>();
  const confirmed = new Set<CardKey>();
  /** Messages sent on this connection and not answered yet, in order. */
  let unanswered: CardsClientMessage[] = [];

  const send = (type: CardsClientMessage['type'], keys: CardKey[]) => {
    for (let i = 0; i < keys.length; i += CARD_SUBSCRIPTIONS_MAX) {
      const message: CardsClientMessage = {
        type,
        products: keys.slice(i, i + CARD_SUBSCRIPTIONS_MAX).map(refOf),
      };
      if (!socket.send(message)) return;
      unanswered.push(message);
    }
  };
  const forget = (key: CardKey) => {
    if (confirmed.delete(key)) handlers.onConfirmed(key, false);
  };

  const socket = openLiveSocket(AUCTION_CARDS_PATH, {
    onOpen: (reconnected) => {
      unanswered = [];
      for (const key of [...confirmed]) forget(key);
      // The server holds at most CARD_SUBSCRIPTIONS_MAX per socket: the first ones wanted.
      send('subscribe', [...wanted].slice(0, CARD_SUBSCRIPTIONS_MAX));
      if (reconnected) handlers.onResync?.();
    },
    onResync: () => {
      // States sent while the tab slept may be lost: subscribing again sends each one anew.
      send('subscribe', [...wanted].slice(0, CARD_SUBSCRIPTIONS_MAX));
      handlers.onResync?.();
    },
    onMessage: (data) => {
      // Checked by hand: the list pages open this socket on their first screen, without zod.
      const message = readCardsServerMessage(data);
      if (!message) return;
      if (message.message === 'card') {
        const key = cardKey(message.auction_id, message.product_id);
        if (!wanted.has(key)) return;
        handlers.onCard(message);
        if (!confirmed.has(key)) {
          confirmed.add(key);
          handlers.onConfirmed(key, true);
        }
        return;
      }
      const answered = unanswered.shift();
      if (answered?.type !== 'unsubscribe') return;
      for (const ref of answered.products) {
        const key = cardKey(ref.auction_id, ref.product_id);
        if (!wanted.has(key)) forget(key);
      }
    },
  });

  return {
    want(keys: CardKey[]) {
      const added = keys.filter((key) => !wanted.has(key));
      for (const key of added) wanted.add(key);
      if (added.length > 0) send('subscribe', added);
    },
    unwant(keys: CardKey[]) {
      const removed = keys.filter((key) => wanted.delete(key));
      if (removed.length > 0) send('unsubscribe', removed);
    },
    close() {
      socket.close();
    },
  };
}
