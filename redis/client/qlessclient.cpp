// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclient.h"

QlessClient::QlessClient(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_caller(connection)
{}
