// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "systemfigures.h"

#include <QObject>

#include <functional>
#include <optional>

class QlessSession;

// Reads one job system's figures on one server in one bounded round (each source says its bound
// where it sends). The All servers model asks each source once a tick, never twice at a time.
class SystemFiguresSource : public QObject
{
    Q_OBJECT

public:
    // figures empty: the server holds no such system. error non-empty: the read failed.
    using Done = std::function<void(const std::optional<SystemFigures> &figures, const QString &error)>;

    using QObject::QObject;
    virtual void read(Done done) = 0;

    // Every system the console knows beside qless, as sources for `session` (children of `parent`).
    // A new system is one more line here.
    static QList<SystemFiguresSource *> forSession(QlessSession *session, QObject *parent);

protected:
    // `value` with `text` (a tr() with %Ln) in that count's plural form; `bad`: a problem above 0.
    static SystemFigure figure(qint64 value, const char *text, bool bad = false);
};
