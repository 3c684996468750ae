ALTER TABLE `users` ADD `signup_address_key` integer;
