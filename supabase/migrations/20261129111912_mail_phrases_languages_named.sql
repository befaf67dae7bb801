-- mail phrases languages named: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

revoke all on function app.mail_phrases() from public, anon, authenticated, service_role;
comment on function app.mail_phrases() is 'the words of every mail the database writes, each phrase in English and Spanish (read through app.mail_words); a language added here is one a mail is written in once app.mail_locale (and app.online_bookings.language''s check) name it too, with its days and amounts in app.mail_date and app.mail_money';
