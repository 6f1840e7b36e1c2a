// SPDX-License-Identifier: GPL-2.0
#include "format.hpp"

#include "atomic.hpp"

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
	unsigned width = 0;
	int precision = -1;
};

void pad(Out &o, unsigned count, char c)
{
	while (count--)
		o.put(c);
}

void emit_number(Out &o, uint64_t v, bool negative, unsigned base, bool upper, const Spec &s)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	unsigned n = 0;
	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	unsigned len = n + (negative ? 1 : 0);
	unsigned fill = s.width > len ? s.width - len : 0;
	if (!s.left && !s.zero)
		pad(o, fill, ' ');
	if (negative)
		o.put('-');
	if (!s.left && s.zero)
		pad(o, fill, '0');
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
			else
				break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			s.width = s.width * 10 + static_cast<unsigned>(*fmt++ - '0');
		if (*fmt == '.') {
			fmt++;
			s.precision = 0;
			while (*fmt >= '0' && *fmt <= '9')
				s.precision = s.precision * 10 + (*fmt++ - '0');
		}
		int longs = 0;
		while (*fmt == 'l' || *fmt == 'z') {
			longs += (*fmt == 'z') ? 2 : 1;
			fmt++;
		}
		char conv = *fmt ? *fmt++ : '\0';
		switch (conv) {
		case 'd':
		case 'i': {
			int64_t v = longs >= 2 ? va_arg(ap, long long) : longs == 1 ? va_arg(ap, long) : va_arg(ap, int);
			uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
			emit_number(o, mag, v < 0, 10, false, s);
			break;
		}
		case 'u':
		case 'x':
		case 'X':
		case 'o': {
			uint64_t v = longs >= 2 ? va_arg(ap, unsigned long long)
				     : longs == 1 ? va_arg(ap, unsigned long)
						  : va_arg(ap, unsigned int);
			unsigned base = conv == 'u' ? 10 : conv == 'o' ? 8 : 16;
			emit_number(o, v, false, base, conv == 'X', s);
			break;
		}
		case 'p': {
			void *ptr = va_arg(ap, void *);
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
			emit_number(o, hash & 0xffffffffu, false, 16, false, hash_spec);
			break;
		}
		case 'c':
			o.put(static_cast<char>(va_arg(ap, int)));
			break;
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
