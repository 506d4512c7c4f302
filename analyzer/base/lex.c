/* lex.c - C's lexical pieces (lex.h). */
#include "base/lex.h"

int fs_lex_continues(const char *t, long k, long end)
{
    if (t[k] != '\\' || k + 1 >= end || !FS_LEX_EOL(t[k + 1]))
        return 0;
    return t[k + 1] == '\r' && k + 2 < end && t[k + 2] == '\n' ? 3 : 2;
}

long fs_lex_skip(const char *t, long len, long i)
{
    if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
        for (long k = i + 2; k + 1 < len; k++)
            if (t[k] == '*' && t[k + 1] == '/')
                return k + 2;
        return len;
    }
    if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
        while (i < len && !FS_LEX_EOL(t[i]))
            i++;
        return i;
    }
    if (t[i] == '"' || t[i] == '\'') {
        char q = t[i];
        for (i++; i < len && t[i] != q && !FS_LEX_EOL(t[i]); i++)
            if (t[i] == '\\')
                i++;
        return i < len ? i + 1 : len;
    }
    return i;
}

long fs_lex_blank(const char *t, long len, long i, int *bol)
{
    for (; i < len; i++) {
        char c = t[i];
        if (FS_LEX_EOL(c))
            *bol = 1;
        else if (c != ' ' && c != '\t' && c != '\f' && c != '\v')
            break;
    }
    return i;
}
