import { createManualFulfilmentProvider, createSandboxFulfilmentProvider, type FulfilmentProvider } from './fulfilment.js';
import { createUnconfiguredFulfilmentProvider } from './unconfigured.js';
import { createSteamTradeClient } from './steam-bot/client.js';
import { createSteamBotFulfilmentProvider } from './steam-bot/fulfilment.js';
import type { WithdrawalSettings } from './withdrawal-config.js';
import { instrumentProvider } from '../metrics/provider-calls.js';

/** The withdrawal supplier config.withdrawals names (config.ts allows the sandbox only with the sandbox tools). */
export function createFulfilmentProviderFor(
  settings: WithdrawalSettings,
  options: { sandboxStepMs: number; log?: { warn: (o: object, m?: string) => void } },
): FulfilmentProvider {
  switch (settings.mode) {
    case 'sandbox':
      return createSandboxFulfilmentProvider(options.sandboxStepMs);
    case 'manual':
      return createManualFulfilmentProvider();
    case 'steam-bot':
      // The bot logs in on its first withdrawal, not at boot (a node that runs no jobs never logs in).
      // Every call to Steam timed and counted here (issue 26 §12), whatever the fulfilment does with it.
      return createSteamBotFulfilmentProvider(instrumentProvider('steam-trade', createSteamTradeClient(settings, options.log)), {
        pollMs: settings.pollMs,
        offerTtlMs: settings.offerTtlMs,
        stock: settings.stock,
        ...(options.log ? { log: options.log } : {}),
      });
    case 'none':
      return createUnconfiguredFulfilmentProvider();
  }
}
