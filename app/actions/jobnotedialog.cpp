// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobnotedialog.h"

#include "tonestyle.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

JobNoteDialog::JobNoteDialog(const QByteArray &jid, QWidget *parent)
    : QDialog(parent)
    , m_message(new QLineEdit(this))
    , m_data(new QPlainTextEdit(this))
    , m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("jobNote"));
    setWindowTitle(tr("Add note"));
    setMinimumWidth(460);
    m_message->setPlaceholderText(tr("What happened, for whoever reads this job next"));
    m_data->setPlaceholderText(tr("Optional: a JSON object, e.g. {\"ticket\": \"OPS-123\"}"));
    m_data->setTabChangesFocus(true);
    m_data->setMaximumHeight(110);
    ToneStyle::setText(m_problem, ToneStyle::Tone::Bad);
    m_problem->setWordWrap(true);

    auto *heading = new QLabel(tr("A note in the history of job <b>%1</b> (qless's log; audited).")
                                   .arg(QString::fromUtf8(jid).toHtmlEscaped()),
                               this);
    heading->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Message"), m_message);
    form->addRow(tr("&Data"), m_data);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problem(m_message->text(), m_data->toPlainText()).isEmpty())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_message, &QLineEdit::textChanged, this, &JobNoteDialog::check);
    connect(m_data, &QPlainTextEdit::textChanged, this, &JobNoteDialog::check);
    check();
}

QString JobNoteDialog::problem(const QString &message, const QString &data)
{
    if (message.trimmed().isEmpty())
        return tr("Write a message.");
    if (data.trimmed().isEmpty())
        return {};
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(data.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return tr("The data is not JSON: %1 at character %2.").arg(error.errorString()).arg(error.offset);
    if (!document.isObject())
        return tr("The data must be a JSON object ({…}): qless reads it back as the entry's fields.");
    return {};
}

QString JobNoteDialog::message() const
{
    return m_message->text().trimmed();
}

QString JobNoteDialog::dataJson() const
{
    const QString typed = m_data->toPlainText();
    if (typed.trimmed().isEmpty())
        return {};
    return QString::fromUtf8(QJsonDocument::fromJson(typed.toUtf8()).toJson(QJsonDocument::Compact));
}

void JobNoteDialog::check()
{
    const QString why = problem(m_message->text(), m_data->toPlainText());
    // An empty message is what every note starts with: no red text for it.
    m_problem->setText(m_message->text().trimmed().isEmpty() ? QString() : why);
    m_problem->setVisible(!m_problem->text().isEmpty());
    m_save->setEnabled(why.isEmpty());
}
