// SPDX-License-Identifier: GPL-2.0
#include "format.hpp"

#include "atomic.hpp"
#include "div64.hpp"

namespace tx {

namespace {

constinit uint64_t g_pointer_key = 0;

// splitmix64's finaliser: every input bit moves every output bit.
uint64_t mix(uint64_t v)
{
	v ^= v >> 30;
	v *= 0xbf58476d1ce4e5b9ull;
	v ^= v >> 27;
	v *= 0x94d049bb133111ebull;
	return v ^ (v >> 31);
}

struct Out {
	char *buf;
	size_t size;
	size_t len = 0;

	void put(char c)
	{
		if (len + 1 < size)
			buf[len] = c;
		len++;
	}
};

struct Spec {
	bool left = false;
	bool zero = false;
	bool plus = false;  // '+': a sign on positive numbers too
	bool space = false; // ' ': a space where the sign of a positive number goes
	bool alt = false;   // '#': 0x / 0X before hex, a leading 0 for octal
	unsigned width = 0;
	int precision = -1; // numbers: at least this many digits; strings: at most this many bytes
};

void pad(Out &o, unsigned count, char c)
{
	while (count--)
		o.put(c);
}

// printk's integer layout: [spaces][sign][0x][zeros][digits][spaces].
void emit_number(Out &o, uint64_t v, bool negative, bool is_signed, unsigned base, bool upper, const Spec &s)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	unsigned n = 0;
	if (v || s.precision != 0) { // precision 0 prints no digit for 0
		do {
			uint64_t digit = 0;
			v = div_u64_rem(v, base, &digit);
			tmp[n++] = digits[digit];
		} while (v);
	}
	char sign = negative ? '-' : is_signed && s.plus ? '+' : is_signed && s.space ? ' ' : '\0';
	const char *prefix = "";
	if (s.alt && base == 16 && n && !(n == 1 && tmp[0] == '0'))
		prefix = upper ? "0X" : "0x";
	else if (s.alt && base == 8 && (n == 0 || tmp[n - 1] != '0'))
		prefix = "0";
	unsigned prefix_len = prefix[0] ? (prefix[1] ? 2 : 1) : 0;
	unsigned precision_zeros = s.precision > static_cast<int>(n) ? static_cast<unsigned>(s.precision) - n : 0;
	unsigned len = n + precision_zeros + prefix_len + (sign ? 1 : 0);
	unsigned fill = s.width > len ? s.width - len : 0;
	bool zero_fill = s.zero && !s.left && s.precision < 0;
	if (!s.left && !zero_fill)
		pad(o, fill, ' ');
	if (sign)
		o.put(sign);
	for (const char *p = prefix; *p; p++)
		o.put(*p);
	if (zero_fill)
		pad(o, fill, '0');
	pad(o, precision_zeros, '0');
	while (n)
		o.put(tmp[--n]);
	if (s.left)
		pad(o, fill, ' ');
}

void emit_string(Out &o, const char *str, const Spec &s)
{
	if (!str)
		str = "(null)";
	size_t len = bounded_strlen(str, s.precision >= 0 ? static_cast<size_t>(s.precision) : SIZE_MAX);
	unsigned fill = s.width > len ? s.width - static_cast<unsigned>(len) : 0;
	if (!s.left)
		pad(o, fill, ' ');
	for (size_t i = 0; i < len; i++)
		o.put(str[i]);
	if (s.left)
		pad(o, fill, ' ');
}

} // namespace

size_t format_v(char *buf, size_t size, const char *fmt, va_list ap)
{
	Out o{buf, size};
	while (*fmt) {
		if (*fmt != '%') {
			o.put(*fmt++);
			continue;
		}
		fmt++;
		Spec s;
		for (;; fmt++) {
			if (*fmt == '-')
				s.left = true;
			else if (*fmt == '0')
				s.zero = true;
			else if (*fmt == '+')
				s.plus = true;
			else if (*fmt == ' ')
				s.space = true;
			else if (*fmt == '#')
				s.alt = true;
			else
				break;
		}
		if (*fmt == '*') { // the width from the arguments; negative: left-justified
			fmt++;
			int w = va_arg(ap, int);
			s.left |= w < 0;
			s.width = w < 0 ? 0u - static_cast<unsigned>(w) : static_cast<unsigned>(w);
		}
		while (*fmt >= '0' && *fmt <= '9')
			s.width = s.width * 10 + static_cast<unsigned>(*fmt++ - '0');
		if (*fmt == '.') {
			fmt++;
			s.precision = 0;
			if (*fmt == '*') {
				fmt++;
				int pr = va_arg(ap, int);
				s.precision = pr < 0 ? -1 : pr;
			}
			while (*fmt >= '0' && *fmt <= '9')
				s.precision = s.precision * 10 + (*fmt++ - '0');
		}
		// Length, as the kernel's vsnprintf: l, ll (also L), z, Z, t
		// (size_t, ptrdiff_t: long here), h, hh (truncated after reading an
		// int).
		int longs = 0, shorts = 0;
		for (;; fmt++) {
			if (*fmt == 'l')
				longs++;
			else if (*fmt == 'z' || *fmt == 'Z' || *fmt == 't')
				longs = longs ? longs : 1;
			else if (*fmt == 'L')
				longs = 2;
			else if (*fmt == 'h')
				shorts++;
			else
				break;
		}
		char conv = *fmt ? *fmt++ : '\0';
		switch (conv) {
		case 'd':
		case 'i': {
			int64_t v = longs >= 2 ? va_arg(ap, long long) : longs == 1 ? va_arg(ap, long) : va_arg(ap, int);
			if (!longs && shorts)
				v = shorts >= 2 ? static_cast<signed char>(v) : static_cast<short>(v);
			uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
			emit_number(o, mag, v < 0, true, 10, false, s);
			break;
		}
		case 'u':
		case 'x':
		case 'X':
		case 'o': {
			uint64_t v = longs >= 2 ? va_arg(ap, unsigned long long)
				     : longs == 1 ? va_arg(ap, unsigned long)
						  : va_arg(ap, unsigned int);
			if (!longs && shorts)
				v = shorts >= 2 ? static_cast<unsigned char>(v) : static_cast<unsigned short>(v);
			unsigned base = conv == 'u' ? 10 : conv == 'o' ? 8 : 16;
			emit_number(o, v, false, false, base, conv == 'X', s);
			break;
		}
		case 'p': {
			void *ptr = va_arg(ap, void *);
			// printk's extensions (%pS, %pK, %pI4...) take letters and
			// digits after the p: all print the hashed value here.
			while ((*fmt >= 'a' && *fmt <= 'z') || (*fmt >= 'A' && *fmt <= 'Z') || (*fmt >= '0' && *fmt <= '9'))
				fmt++;
			if (!ptr) {
				emit_string(o, "(null)", s);
				break;
			}
			o.put('0');
			o.put('x');
			Spec hash_spec;
			hash_spec.zero = true;
			hash_spec.width = 8;
			uint64_t hash = mix(reinterpret_cast<uintptr_t>(ptr) ^ load_relaxed(&g_pointer_key));
			emit_number(o, hash & 0xffffffffu, false, false, 16, false, hash_spec);
			break;
		}
		case 'c': {
			char one[2] = {static_cast<char>(va_arg(ap, int)), '\0'};
			Spec cs = s;
			cs.precision = 1; // a NUL character still counts as one
			if (!one[0]) {
				unsigned fill = s.width > 1 ? s.width - 1 : 0;
				if (!s.left)
					pad(o, fill, ' ');
				o.put('\0');
				if (s.left)
					pad(o, fill, ' ');
			} else {
				emit_string(o, one, cs);
			}
			break;
		}
		case 's':
			emit_string(o, va_arg(ap, const char *), s);
			break;
		case '%':
			o.put('%');
			break;
		default: // unknown conversion: print it verbatim
			o.put('%');
			if (conv)
				o.put(conv);
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len;
}

size_t format(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t n = format_v(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

void format_set_pointer_key(uint64_t key) { store_relaxed(&g_pointer_key, key); }

} // namespace tx
