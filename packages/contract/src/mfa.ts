import { z } from 'zod';
import { tokenResponseSchema } from './auth';
import { lazySchema } from './lazy-schema';

/**
 * Two-factor sign-in and social sign-in (DESIGN §8 "Social sign-in and MFA"): TOTP codes (RFC 6238,
 * 30 s, 6 digits, one step either side), ten single-use recovery codes, a per-role requirement.
 */
export const MFA_CODE_LENGTH = 6;
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between the password (or the social provider) and the code may take. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
/** How long the social sign-in's one-time code may wait for the panel to exchange it. */
export const OIDC_CODE_TTL_SECONDS = 60;

export const MFA_ERRORS = {
  /** The account's role requires two-factor sign-in and it has not set it up: only enrolment is open. */
  enrollmentRequired: 'MFA_ENROLLMENT_REQUIRED',
  invalidCode: 'INVALID_MFA_CODE',
  invalidMfaToken: 'INVALID_MFA_TOKEN',
} as const;

export const mfaCodeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code your authenticator app shows'),
);
/** A recovery code as shown (xxxxx-xxxxx); case and the dash are forgiven. */
export const recoveryCodeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(10, 'must be one of your recovery codes')
    .max(20, 'must be one of your recovery codes'),
);

/** POST /auth/signin when the account has two-factor sign-in on: the code is the next step. */
export const mfaChallengeSchema = lazySchema(() =>
  z.object({ mfa_required: z.literal(true), mfa_token: z.string() }),
);
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export const signinAnswerSchema = lazySchema(() => z.union([tokenResponseSchema, mfaChallengeSchema]));
export type SigninAnswer = z.infer<typeof signinAnswerSchema>;

/** POST /auth/mfa/enroll: a new secret, its otpauth:// URL and that URL as a QR code (PNG data URL). */
export const mfaEnrollAnswerSchema = lazySchema(() =>
  z.object({
    secret: z.string(),
    otpauth_url: z.string(),
    qr: z.string(),
  }),
);
export type MfaEnrollAnswer = z.infer<typeof mfaEnrollAnswerSchema>;

/** POST /auth/mfa/activate {code}: on, with the recovery codes (shown once) and a fresh token pair. */
export const mfaActivateBodySchema = lazySchema(() => z.object({ code: mfaCodeSchema }));
export const mfaActivateAnswerSchema = lazySchema(() =>
  tokenResponseSchema.extend({
    recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
  }),
);

/** A code or a recovery code, exactly one. */
const proofShape = () => ({ code: mfaCodeSchema.optional(), recovery_code: recoveryCodeSchema.optional() });
const hasOneProof = (body: { code?: string; recovery_code?: string }) =>
  (body.code === undefined) !== (body.recovery_code === undefined);
const oneProofRule = { message: 'give either code or recovery_code', path: ['code'] };

/** POST /auth/mfa/verify: the second step of a sign-in. */
export const mfaVerifyBodySchema = lazySchema(() =>
  z.object({ mfa_token: z.string().min(1).max(200), ...proofShape() }).refine(hasOneProof, oneProofRule),
);
/** DELETE /auth/mfa: off, proven with a code or a recovery code; answers a fresh token pair. */
export const mfaDisableBodySchema = lazySchema(() =>
  z.object(proofShape()).refine(hasOneProof, oneProofRule),
);

/** GET/PUT /admin/security/mfa-policy: which roles must use two-factor sign-in. */
export const mfaPolicySchema = lazySchema(() =>
  z.object({ admin: z.boolean(), 'sub-admin': z.boolean() }).strict(),
);
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

/** What GET /admin/me says of the caller's two-factor sign-in. */
export const mfaStateSchema = lazySchema(() => z.object({ enabled: z.boolean(), required: z.boolean() }));
export type MfaState = z.infer<typeof mfaStateSchema>;
