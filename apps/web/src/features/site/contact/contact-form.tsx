/** The popup's form; loaded on demand with its validation code (zod, the phone parser, react-hook-form). */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_REQUEST_TYPE_LABELS,
  CONTACT_REQUEST_TYPES,
  CONTACT_TEXTS,
  DEFAULT_PHONE_PREFIX,
  contactFormSchema,
  toContactMessage,
  type ContactFormValues,
} from '@consult/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField, inputClasses } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { sendContactMessage } from './contact-api';
import { blockDeletingPrefix, withLeadingPlus } from './phone-input';
import { sendFailureMessage } from './send-failure';

const defaultValues: ContactFormValues = {
  name: '',
  phone: DEFAULT_PHONE_PREFIX,
  email: '',
  requestType: 'General',
  message: '',
};

const requestTypeOptions = CONTACT_REQUEST_TYPES.map((value) => ({
  value,
  label: CONTACT_REQUEST_TYPE_LABELS[value],
}));

export default function ContactForm({
  openCount,
  onSent,
}: {
  /** Grows each time the popup opens: the phone goes back to +92 then. */
  openCount: number;
  onSent: () => void;
}) {
  const [isLoading, setIsLoading] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });

  const phone = register('phone');

  useEffect(() => {
    setValue('phone', DEFAULT_PHONE_PREFIX);
  }, [openCount, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setIsLoading(true);
    try {
      await sendContactMessage(toContactMessage(values));
    } catch (error) {
      // The form stays filled; only 4xx and 5xx have a message.
      const message = sendFailureMessage(error);
      if (message) toast.error(message);
      return;
    } finally {
      setIsLoading(false);
    }
    toast.success(CONTACT_TEXTS.sent);
    reset(defaultValues);
    onSent();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Name"
        autoComplete="name"
        autoFocus
        maxLength={CONTACT_NAME_MAX}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={CONTACT_TEXTS.phonePlaceholder}
        hint={CONTACT_TEXTS.phoneHint}
        error={errors.phone?.message}
        {...phone}
        onChange={(event) => {
          const kept = withLeadingPlus(event.target.value);
          // Only when the + went missing: rewriting an unchanged value would move the caret.
          if (kept !== event.target.value) event.target.value = kept;
          return phone.onChange(event);
        }}
        onKeyDown={blockDeletingPrefix}
      />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <SelectField
        label="Type of request"
        options={requestTypeOptions}
        error={errors.requestType?.message}
        {...register('requestType')}
      />
      <TextAreaField
        label="Message"
        rows={5}
        maxLength={CONTACT_MESSAGE_MAX}
        className={`${inputClasses} resize-y`}
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" disabled={isLoading} className="mt-2 w-full sm:w-auto sm:self-end">
        {isLoading ? CONTACT_TEXTS.sending : CONTACT_TEXTS.send}
      </Button>
    </form>
  );
}
