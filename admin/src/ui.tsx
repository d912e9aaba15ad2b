import type { ComponentChildren, TextareaHTMLAttributes } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { messageOf, uploadImage } from './api';

interface InputProps {
  label: string;
  value: string;
  onValue?: (value: string) => void;
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'datetime-local' | 'search';
  required?: boolean;
  autocomplete?: string;
  maxLength?: number;
  spellcheck?: boolean;
  placeholder?: string;
}

/** A labelled text input; the label is the accessible name, exactly as written. */
export function TextField({ label, value, onValue, hint, ...rest }: InputProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value}
        onInput={(e) => onValue?.(e.currentTarget.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        type={(rest.type ?? 'text') as 'text'}
        required={rest.required}
        autocomplete={rest.autocomplete as 'on'}
        maxLength={rest.maxLength}
        spellcheck={rest.spellcheck}
        placeholder={rest.placeholder}
      />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onInput' | 'label'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
};

export function TextArea({ label, value, onValue, hint, ...rest }: AreaProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} value={value} onInput={(e) => onValue(e.currentTarget.value)} aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  disabled,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: [string, string][];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onValue(e.currentTarget.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Checkbox({ label, checked, onChecked }: { label: string; checked: boolean; onChecked: (value: boolean) => void }) {
  return (
    <label class="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChecked(e.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** A modal dialog (the browser's own: focus is kept inside, Escape closes it, the page behind is inert). */
export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  role?: 'dialog' | 'alertdialog';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      class="dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** A confirming dialog for something that cannot be undone. */
export function ConfirmDialog({
  title,
  children,
  confirm,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ComponentChildren;
  confirm: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <Dialog title={title} onClose={onClose} role="alertdialog">
      <div class="dialog-body">{children}</div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="dialog-actions">
        <button type="button" class="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          class="button danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } catch (e) {
              setError(messageOf(e));
              setBusy(false);
            }
          }}
        >
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}

/** An image setting: shows the image, uploads a replacement by picker, removes it. */
export function ImageField({
  label,
  value,
  onValue,
  purpose = 'image',
}: {
  label: string;
  value: string | null;
  onValue: (url: string | null) => void;
  purpose?: 'image' | 'profile_image' | 'icon';
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  return (
    <div class="field image-field" role="group" aria-labelledby={id}>
      <span class="label" id={id}>
        {label}
      </span>
      {value ? <img src={value} alt="" class="image-preview" /> : <div class="image-empty">No image</div>}
      <div class="row">
        <button type="button" class="button small" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? 'Uploading…' : value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </button>
        {value && (
          <button type="button" class="button small quiet" onClick={() => onValue(null)}>
            Remove
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={`${label} file`}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          setBusy(true);
          setError('');
          try {
            onValue(await uploadImage(file, purpose));
          } catch (err) {
            setError(messageOf(err));
          } finally {
            setBusy(false);
          }
        }}
      />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The window's title names the screen, for tabs, history and screen readers. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · pressroom` : 'pressroom';
  }, [title]);
}

export function PageHeader({ title, children }: { title: string; children?: ComponentChildren }) {
  useDocumentTitle(title);
  return (
    <header class="page-header">
      <h1>{title}</h1>
      {children && <div class="page-actions">{children}</div>}
    </header>
  );
}

export function ErrorNotice({ error }: { error: string }) {
  return error ? (
    <p role="alert" class="notice error">
      {error}
    </p>
  ) : null;
}

export function Loading() {
  return (
    <p class="loading" aria-live="polite">
      Loading…
    </p>
  );
}

/** Copies text, with a fallback for browsers without the asynchronous clipboard. */
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    field?.select();
    document.execCommand('copy');
  }
}

/** Dates are shown on the site's clock (time.ts). */
export { formatDate } from './time';
