import { get, type FieldError, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

/**
 * The props a `FormField` or `PasswordInput` takes from its form, the field named once: its registration and its
 * own validation message (`<FormField label={…} {...field('email')} />`). Reads only `formState.errors`, the one
 * part of the form state the field's message needs.
 */
export function fieldsOf<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'register' | 'formState'>) {
  return (name: FieldPath<T>) => ({ ...form.register(name), error: (get(form.formState.errors, name) as FieldError | undefined)?.message });
}
