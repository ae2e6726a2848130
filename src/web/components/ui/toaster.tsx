import { Toaster as Sonner } from 'sonner';

/** App-wide toaster: bottom-right, one visible at a time, 5 s, dark. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      theme="dark"
      richColors
      closeButton
      toastOptions={{
        classNames: {
          toast: 'rounded-xl! border-border! font-sans!',
          title: 'font-semibold!',
          description: 'opacity-90!',
        },
      }}
    />
  );
}
