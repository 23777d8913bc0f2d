import { newId } from '../../../shared/ids';
import type { BillingProvider } from './types';

// Records the change without taking money: the invoice row is written by the billing service.
export function createLocalBilling(): BillingProvider {
  return {
    name: 'local',
    async charge() {
      return { reference: `local_${newId()}` };
    },
  };
}
