// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertrule.h"

#include <QCoreApplication>
#include <QList>
#include <QScopedPointer>
#include <QString>

class QSettings;

// Where a connection's alert rules and alert command are kept between runs: the user's settings,
// per server (its address without password: production's rules are not staging's), as the same
// JSON a rules file holds. Rules files are read all or nothing and written whole or not at all.
class AlertRuleStore final
{
    Q_DECLARE_TR_FUNCTIONS(AlertRuleStore)
    Q_DISABLE_COPY_MOVE(AlertRuleStore)

public:
    // The user's settings (QSettings("qlessdesk", "qlessdesk")).
    AlertRuleStore();
    // An INI file of its own, for tests and portable setups.
    explicit AlertRuleStore(const QString &iniFile);
    ~AlertRuleStore();

    // The rules kept for `server`: none when nothing was kept; none, with `error`, when what was
    // kept cannot be read (a hand edit).
    QList<AlertRule> rules(const QString &server, QString *error = nullptr) const;
    void setRules(const QString &server, const QList<AlertRule> &rules);
    QString command(const QString &server) const;
    void setCommand(const QString &server, const QString &command);
    void sync();

    static bool exportTo(const QString &path, const QList<AlertRule> &rules, QString *error);
    static bool importFrom(const QString &path, QList<AlertRule> *rules, QString *error);

private:
    QScopedPointer<QSettings> m_settings;
};
