import { useEffect, useState } from 'react';

const read = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
const snapshot = () => ({
  primary: read('--color-primary'),
  text: read('--color-base-content'),
  grid: read('--color-base-300'),
  surface: read('--color-base-100'),
});

/** The daisyUI theme's colours, for charts that draw SVG outside the CSS cascade; follows theme switches. */
export function useThemeColors() {
  const [colors, setColors] = useState(snapshot);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(snapshot()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}
