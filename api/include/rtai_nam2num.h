/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_nam2num.h - RTAI object names as numbers (RTAI 5.3 encoding).
 *
 * Names of shared memory segments (and other named objects) are up to six
 * characters packed into an unsigned long, base 40:
 *   '0'..'9' -> 0..9, 'a'..'z' and 'A'..'Z' -> 10..35, '_' -> 36, '@' -> 37,
 *   '.' -> 38, any other character -> 39; the result is that value + 2.
 * Characters after the sixth are ignored; the empty name is 0xFFFFFFFF.
 * num2nam() gives the name back in upper case ('$' for code 39, leading '0'
 * characters are lost) and "|null|" for numbers >= MAX_NAM2NUM.
 *
 * Usable from kernel modules, user space and C++: plain inline code.
 */
#ifndef _RTAI_NAM2NUM_H
#define _RTAI_NAM2NUM_H

#define MAX_NAM2NUM 4096000003UL

static inline unsigned long nam2num(const char *name)
{
	unsigned long value = 0;
	int i;

	if (!name || !name[0])
		return 0xFFFFFFFFUL;
	for (i = 0; i < 6 && name[i]; i++) {
		char c = name[i];
		unsigned long digit;

		if (c >= '0' && c <= '9')
			digit = (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'z')
			digit = (unsigned long)(c - 'a') + 10;
		else if (c >= 'A' && c <= 'Z')
			digit = (unsigned long)(c - 'A') + 10;
		else if (c == '_')
			digit = 36;
		else if (c == '@')
			digit = 37;
		else if (c == '.')
			digit = 38;
		else
			digit = 39;
		value = value * 40 + digit;
	}
	return value + 2;
}

/* 'name' must hold at least 7 characters. */
static inline void num2nam(unsigned long num, char *name)
{
	static const char special[] = "_@.$";
	char reversed[6];
	int n = 0, i;

	if (num >= MAX_NAM2NUM) {
		const char *null_name = "|null|";
		for (i = 0; i < 7; i++)
			name[i] = null_name[i];
		return;
	}
	num -= 2;
	while (num && n < 6) {
		unsigned long digit = num % 40;
		reversed[n++] = digit < 10 ? (char)('0' + digit)
			      : digit < 36 ? (char)('A' + digit - 10)
					   : special[digit - 36];
		num /= 40;
	}
	for (i = 0; i < n; i++)
		name[i] = reversed[n - 1 - i];
	name[n] = '\0';
}

#endif /* _RTAI_NAM2NUM_H */
