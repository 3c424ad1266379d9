export type SearchFieldProps = {
  id: string;
  /** Read by screen readers; the placeholder shows what to type. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The form field's name, where the form could also be sent without the app. */
  name?: string;
};

/** A search box and its label for screen readers, as the header, Browse and Groups use it. */
export function SearchField({ id, label, placeholder, value, onChange, name }: SearchFieldProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name={name}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </>
  );
}
