/**
 * SMS code input (digits, max 10) with the send button that turns into a seconds countdown; goes
 * inside a FormField. The caller names the button, since login and password recovery word it apart.
 */
export function SmsCodeInput({
  value,
  onChange,
  onSend,
  seconds,
  sending,
  placeholder,
  sendLabel,
  countdownLabel,
  invalid,
}: {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  seconds: number;
  sending: boolean;
  placeholder: string;
  sendLabel: string;
  /** What the button says while `seconds` > 0. */
  countdownLabel: string;
  invalid?: boolean | undefined;
}) {
  return (
    <>
      <input
        id="verificationCode"
        name="verificationCode"
        className="auth-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 10))}
      />
      <button type="button" className="sms-send" disabled={seconds > 0 || sending} onClick={onSend}>
        {seconds > 0 ? countdownLabel : sendLabel}
      </button>
    </>
  );
}
