import { expect, test } from 'bun:test';
import { useForm } from 'react-hook-form';
import { renderToStaticMarkup } from 'react-dom/server';
import { fieldsOf } from './form-fields';

type Values = { email: string; name: string };

function Probe() {
  const form = useForm<Values>({ defaultValues: { email: '', name: '' }, errors: { email: { type: 'format', message: 'Enter a valid email' } } });
  const field = fieldsOf(form);
  const shown = (['email', 'name'] as const).map((n) => {
    const { name, error, onChange, onBlur, ref } = field(n);
    return { name, error, handlers: [onChange, onBlur, ref].every((f) => typeof f === 'function') };
  });
  return <pre>{JSON.stringify(shown)}</pre>;
}

test('a field is registered under its name and carries its own message, no other field’s', () => {
  const out = renderToStaticMarkup(<Probe />).replace(/&quot;/g, '"');
  expect(out).toBe('<pre>[{"name":"email","error":"Enter a valid email","handlers":true},{"name":"name","handlers":true}]</pre>');
});
