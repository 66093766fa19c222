// SPDX-License-Identifier: GPL-3.0-or-later
#include "namedrowactions.h"

#include "auditrecord.h"
#include "qlesssession.h"

#include <QAction>
#include <QJsonArray>
#include <QLocale>
#include <QMenu>

NamedRowActions::NamedRowActions(QlessSession *session, const QString &objectName)
    : QObject(session)
    , m_session(session)
    , m_center(ActionCenter::of(session))
{
    setObjectName(objectName);
}

QAction *NamedRowActions::addGuarded(QMenu *menu, const QString &text, std::function<void()> triggered)
{
    QAction *action = menu->addAction(text);
    connect(action, &QAction::triggered, this, std::move(triggered));
    m_center->guard(action);
    return action;
}

void NamedRowActions::confirmWrite(const QStringList &names, QWidget *parent, const QString &title, const QString &text,
                                   const QString &button, bool destructive, std::function<void()> go)
{
    if (m_center->refuseReadOnly(parent, title) || names.isEmpty())
        return;
    m_center->confirm(parent, title, text, button, destructive, std::move(go));
}

void NamedRowActions::finishWrite(QWidget *parent, const QString &title, const QString &action, const QString &key,
                                  const QStringList &names, const QString &outcome, const QString &message,
                                  ActionCenter::Report report)
{
    AuditRecord record;
    record.action = action;
    record.arguments.insert(key, QJsonArray::fromStringList(names));
    record.count = 0;
    record.outcome = outcome;
    record.message = message;
    m_center->finishWrite(parent, title, record, report);
}

QString NamedRowActions::namesText(const QStringList &names, const QString &one, const QString &many)
{
    if (names.size() == 1)
        return one.arg(names.first());
    // A confirmation stays readable for a thousand names: the first few, then how many more.
    const QStringList shown = names.mid(0, 8);
    QString listed = shown.join(QStringLiteral(", "));
    if (names.size() > shown.size())
        listed += tr(" and %1 more").arg(QLocale().toString(names.size() - shown.size()));
    return many.arg(QLocale().toString(names.size()), listed);
}
