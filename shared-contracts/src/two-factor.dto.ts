import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { Messages } from './messages.js';

/** How many single-use recovery codes two-factor sign-in comes with. */
export const RECOVERY_CODE_COUNT = 10;

export const TwoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeShape: 'The code is the 6 digits your authenticator app shows',
  codeWrong: 'That code is not correct or has already been used. Enter the current code.',
  codeOrRecoveryCode: 'Enter either the code from your app or a recovery code, not both',
  recoveryCodeWrong: 'That recovery code is not correct or has already been used',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  setupFirst: 'Start the set-up again: scan the new QR code, then enter its code',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.',
  disabled: 'Two-factor sign-in is off',
  passwordWrong: 'Your password is not correct',
  noPendingSignIn: 'Sign in with your email and password first',
} as const;

const SIX_DIGITS = /^\d{6}$/;

export class TwoFactorCodeRequest {
  @Matches(SIX_DIGITS, { message: TwoFactorMessages.codeShape })
  @IsNotEmpty({ message: TwoFactorMessages.codeRequired })
  @IsString({ message: TwoFactorMessages.codeRequired })
  code!: string;
}

/** A code from the app, or one of the recovery codes (letters and digits; spaces and hyphens are ignored). */
export class TwoFactorVerifyRequest {
  @Matches(SIX_DIGITS, { message: TwoFactorMessages.codeShape })
  @IsString({ message: TwoFactorMessages.codeShape })
  @ValidateIf((_, value) => value !== undefined)
  @IsOptional()
  code?: string;

  @MaxLength(40, { message: TwoFactorMessages.recoveryCodeWrong })
  @IsNotEmpty({ message: TwoFactorMessages.recoveryCodeWrong })
  @IsString({ message: TwoFactorMessages.recoveryCodeWrong })
  @ValidateIf((_, value) => value !== undefined)
  @IsOptional()
  recoveryCode?: string;
}

export class DisableTwoFactorRequest extends TwoFactorVerifyRequest {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: TwoFactorMessages.passwordWrong })
  @IsNotEmpty({ message: Messages.passwordRequired })
  @IsString({ message: Messages.passwordRequired })
  password!: string;
}

export interface TwoFactorStatusView {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** The set-up's secret, shown once as a QR code (SVG) and as text for typing in by hand. */
export interface TwoFactorSetupView {
  secret: string;
  otpauthUrl: string;
  qrCodeSvg: string;
}

export interface RecoveryCodesView {
  message: string;
  recoveryCodes: string[];
}

/** What sign-in answers when the password was right and a second step is needed (no session yet). */
export interface TwoFactorRequiredView {
  twoFactorRequired: true;
}
