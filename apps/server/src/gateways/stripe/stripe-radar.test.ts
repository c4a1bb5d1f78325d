import { describe, expect, it } from 'vitest';
import { radarOf } from './stripe-radar';

/** Issue #29: Radar's verdict read from a PaymentIntent retrieved with `expand[]=latest_charge`. */
describe('radarOf', () => {
  const charge = (outcome: unknown, card: unknown = { fingerprint: 'Xt5EWLLDS7FJjR1c', country: 'us' }) => ({
    latest_charge: {
      id: 'ch_1',
      object: 'charge',
      outcome,
      payment_method_details: { type: 'card', card },
    },
  });

  it('reads the risk level and score and the card, as "The Charge object" documents them', () => {
    expect(
      radarOf(
        charge({
          type: 'authorized',
          network_status: 'approved_by_network',
          risk_level: 'highest',
          risk_score: 91,
        }),
      ),
    ).toEqual({
      read: true,
      level: 'highest',
      score: 91,
      cardFingerprint: 'Xt5EWLLDS7FJjR1c',
      cardCountry: 'US',
    });
    // Radar without a score (not Radar for Fraud Teams), a non-card payment without card details.
    expect(radarOf(charge({ type: 'authorized', risk_level: 'elevated' }, null))).toEqual({
      read: true,
      level: 'elevated',
      score: null,
      cardFingerprint: null,
      cardCountry: null,
    });
  });

  it('takes a charge without an outcome for Radar\'s "unknown", never "normal"', () => {
    expect(radarOf(charge(null))).toMatchObject({ read: true, level: 'unknown', score: null });
  });

  it('says it was not read when the charge is missing or not expanded', () => {
    expect(radarOf({ latest_charge: null })).toEqual({
      read: false,
      reason: 'the PaymentIntent has no charge',
    });
    expect(radarOf({ latest_charge: 'ch_1' })).toEqual({
      read: false,
      reason: 'the latest charge is not a Charge object',
    });
    expect(radarOf(charge({ risk_level: 'highest', risk_score: 400 }))).toMatchObject({ read: false });
  });
});
