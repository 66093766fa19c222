// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionstate.h"
#include "themecolors.h"

#include <QCoreApplication>
#include <QString>

// A connection's state in the console's language: a word for a badge or a cell ("connected",
// "reconnecting"), the whole sentence for its tooltip, and the tone it is drawn in. ConnectionState::describe() is the
// same in English, for logs; redis/ does not translate.
class ConnectionStateText final
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionStateText)

public:
    static QString word(const ConnectionState &state);
    static QString sentence(const ConnectionState &state);
    // Ready good, connecting info, reconnecting a warning, failed bad, the rest muted.
    static ThemeColors::Tone tone(const ConnectionState &state);
};
