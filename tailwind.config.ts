import type { Config } from 'tailwindcss';

/** Theme tokens; loaded from src/styles.css with `@config` (Tailwind v4). Dark mode follows the system. */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { 50: '#eef6ff', 100: '#d9eaff', 500: '#1d7bf0', 600: '#1466d1', 700: '#0f4fa6' },
        credit: { 500: '#b45309', 600: '#92400e' },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
      maxWidth: { timeline: '40rem' },
    },
  },
} satisfies Config;
