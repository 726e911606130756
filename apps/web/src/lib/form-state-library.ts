/** React Hook Form and its zod resolver alone, for lazy-page.ts (see zod-library.ts). */
export { useForm } from 'react-hook-form';
export { zodResolver } from '@hookform/resolvers/zod';
