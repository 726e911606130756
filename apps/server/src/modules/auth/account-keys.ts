/**
 * The keys of the accounts, derived from one secret: access tokens, sign-up challenges, the
 * first-run code, the seal of the authenticator secrets and the refresh tokens' successors.
 */
import type { AppConfig } from '../../config';
import { accessTokenKeys, type AccessTokenKeys } from './access-token';
import {
  challengeKeys,
  DEFAULT_CHALLENGE_DIFFICULTY,
  type ChallengeDifficulty,
  type ChallengeKeys,
} from './challenge';
import { deriveSecret, loadJwtSecret } from './secrets';

export interface AccountKeys {
  access: AccessTokenKeys;
  challenge: ChallengeKeys;
  challengeDifficulty: ChallengeDifficulty;
  /** Derives the first-run setup code from its stored salt (setup-service.ts). */
  setup: string;
  /** Seals the authenticator secrets at rest (AES-256-GCM, decision 043). */
  twoFactor: Buffer;
  /** Derives a refresh token's successor from it, so a repeat can be answered (decision 050). */
  refreshSuccessor: string;
}

export async function loadAccountKeys(
  config: Pick<AppConfig, 'JWT_SECRET' | 'DATA_DIR' | 'APP_URL'>,
  challengeDifficulty: ChallengeDifficulty | undefined,
): Promise<AccountKeys> {
  const jwtSecret = await loadJwtSecret({
    configured: config.JWT_SECRET,
    dataDir: config.DATA_DIR,
  });
  return {
    access: accessTokenKeys(jwtSecret, config.APP_URL),
    challenge: challengeKeys(jwtSecret),
    challengeDifficulty: challengeDifficulty ?? DEFAULT_CHALLENGE_DIFFICULTY,
    setup: deriveSecret(jwtSecret, 'first-run-setup-code'),
    twoFactor: Buffer.from(deriveSecret(jwtSecret, 'two-factor-secret-seal'), 'hex'),
    refreshSuccessor: deriveSecret(jwtSecret, 'refresh-token-successor'),
  };
}
