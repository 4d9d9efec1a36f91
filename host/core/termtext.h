/*
 * termtext.h — text a rule script made (narration, a result, a board, an
 * error it raised), made safe to hand to a terminal: every control
 * character, DEL, C1 control (U+0080..U+009F) and byte that starts no
 * UTF-8 character is written as \xNN, so that no script sets the window's
 * title, clears the screen, or moves the cursor back to fake a prompt.
 * Tab always passes; a newline and the colour sequences grove's own
 * drawing makes (SGR: ESC [ digits and ; m) pass where the caller allows
 * them. `grove play` and `grove serve`'s log show script text through it.
 *
 * Plain C, no Lua, no printing: the text is appended to a textbuf.
 */
#ifndef GROVE_TERMTEXT_H
#define GROVE_TERMTEXT_H

#include <stddef.h>

#include "textbuf.h"

#define TERMTEXT_NEWLINE 1u     /* '\n' passes (a board; narration comes a line at a time) */
#define TERMTEXT_SGR 2u         /* ESC [ 0-9; ... m passes: colour, bold (a board drawn in colour) */

/* Append text[0..len) to b with what a terminal could obey written as
 * \xNN (a C1 control's two bytes as two), except what `allow` lets pass;
 * an allocation that fails sets b->oom. */
void termtext_escape(textbuf *b, const char *text, size_t len, unsigned allow);

#endif
