import { passwordRules } from '../../../api/shared/password-rules.ts';

export function metRuleCount(password: string): number {
  return passwordRules.filter((rule) => rule.test(password)).length;
}

/** The first rule the password breaks, as the spec words it, or null when all five hold. */
export function passwordRuleError(password: string): string | null {
  return passwordRules.find((rule) => !rule.test(password))?.message ?? null;
}

type Strength = { label: string; percent: number; barClass: string };

/** Signup reading: all five rules met is Strong, three or four Medium, fewer Weak. */
export function signupStrength(password: string): Strength {
  const met = metRuleCount(password);
  const percent = (met / passwordRules.length) * 100;
  if (met === passwordRules.length) return { label: 'Strong', percent, barClass: 'bg-green-700' };
  if (met >= 3) return { label: 'Medium', percent, barClass: 'bg-amber-500' };
  return { label: 'Weak', percent, barClass: 'bg-red-700' };
}

/** Change-password reading: five rules weighted equally; up to 20% Very Weak ... above 80% Strong. */
export function changePasswordStrength(password: string): Strength {
  const percent = (metRuleCount(password) / passwordRules.length) * 100;
  if (percent <= 20) return { label: 'Very Weak', percent, barClass: 'bg-red-700' };
  if (percent <= 40) return { label: 'Weak', percent, barClass: 'bg-orange-600' };
  if (percent <= 60) return { label: 'Fair', percent, barClass: 'bg-amber-500' };
  if (percent <= 80) return { label: 'Good', percent, barClass: 'bg-lime-600' };
  return { label: 'Strong', percent, barClass: 'bg-green-700' };
}

/** A bar and a word ("Password strength: Medium") for the password being typed. */
export function PasswordStrengthMeter({ password, reading }: { password: string; reading: 'signup' | 'change' }) {
  if (!password) return null;
  const strength = reading === 'signup' ? signupStrength(password) : changePasswordStrength(password);
  return (
    <div className="mt-2" data-testid="password-strength">
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(strength.percent)}
        aria-valuetext={strength.label}
      >
        <div className={`h-full rounded-full transition-all ${strength.barClass}`} style={{ width: `${Math.max(strength.percent, 8)}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700" aria-live="polite">
        Password strength: <span className="font-semibold text-slate-900">{strength.label}</span>
      </p>
    </div>
  );
}

/** The five password rules, each ticked once the typed password meets it. */
export function PasswordRequirementList({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className="mt-2 grid gap-1 text-xs sm:grid-cols-2" aria-label="Password requirements">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={`flex items-center gap-1.5 ${met ? 'text-green-800' : 'text-slate-700'}`}>
            <span aria-hidden="true" className="inline-block w-3 text-center font-bold">
              {met ? '✓' : '•'}
            </span>
            {rule.label}
            <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
