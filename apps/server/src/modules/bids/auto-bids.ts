/** A bidder's private maximum on one product (centavos). */
export interface Ceiling {
  userId: number;
  max: number;
  /** Lower = set earlier; equal ceilings go to the one set first. */
  order: number;
}

export interface AutoBid {
  userId: number;
  amount: number;
}

/**
 * The automatic bids the ceilings call for once `leaderId` holds the product at `highest`
 * (all centavos). A ceiling is live when it could still place a valid bid (at least highest +
 * min_offer, or above highest when there is no minimum). The best live ceiling wins (equal:
 * set first); when another live ceiling competes, its whole ceiling goes in first (if the winner
 * can still answer it validly) and the winner answers at that ceiling + step, capped at its own.
 * With one live ceiling, its owner answers at highest + step (capped) unless they already lead:
 * nobody outbids themselves. Automatic bids obey min_offer but not max_offer.
 */
export function decideAutoBids(input: {
  highest: number;
  leaderId: number | null;
  minOffer: number;
  ceilings: Ceiling[];
}): AutoBid[] {
  const { minOffer } = input;
  const step = minOffer > 0 ? minOffer : 100;
  const validOver = (amount: number, over: number) =>
    amount > over && (minOffer === 0 || amount >= over + minOffer);
  const bids: AutoBid[] = [];
  let highest = input.highest;
  let leader = input.leaderId;
  // One decision settles it; the loop only guards the argument that nothing is left to answer.
  for (let round = 0; round < 4; round++) {
    const live = input.ceilings
      .filter((c) => validOver(c.max, highest))
      .sort((a, b) => b.max - a.max || a.order - b.order);
    const winner = live[0];
    if (!winner) break;
    const runner = live.find((c) => c.userId !== winner.userId);
    if (!runner) {
      if (winner.userId === leader) break;
      const amount = Math.min(highest + step, winner.max);
      bids.push({ userId: winner.userId, amount });
      highest = amount;
      leader = winner.userId;
      continue;
    }
    const answer = Math.min(runner.max + step, winner.max);
    if (validOver(answer, runner.max)) bids.push({ userId: runner.userId, amount: runner.max });
    bids.push({ userId: winner.userId, amount: answer });
    highest = answer;
    leader = winner.userId;
  }
  return bids;
}
