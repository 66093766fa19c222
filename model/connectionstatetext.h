#pragma once

#include "connectionstate.h"

#include <QCoreApplication>
#include <QString>

// A connection's state in the console's language: a word for a badge or a cell ("connected",
// "reconnecting") and the whole sentence for its tooltip. ConnectionState::describe() is the
// same in English, for logs; redis/ does not translate.
class ConnectionStateText final
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionStateText)

public:
    static QString word(const ConnectionState &state);
    static QString sentence(const ConnectionState &state);
};
