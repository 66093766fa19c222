// SPDX-License-Identifier: GPL-3.0-or-later
#include "configpage.h"

#include "actioncenter.h"
#include "configeditor.h"
#include "configmodel.h"
#include "qlesssession.h"
#include "tableexportbutton.h"
#include "tableviews.h"
#include "tonestyle.h"

#include <QCheckBox>
#include <QCompleter>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace {

QString readOnlyReason()
{
    return ConfigPage::tr("This connection is read-only: it was opened with \"Read-only\", so qlessdesk sends "
                          "nothing that changes data to this server. To change the configuration, connect "
                          "again without \"Read-only\".");
}
} // namespace

ConfigPage::ConfigPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_config(new ConfigModel(session->client(), this))
    , m_editor(new ConfigEditor(session, m_config, this))
    , m_view(new QTableView(this))
    , m_option(new QLineEdit(this))
    , m_about(new QLabel(this))
    , m_value(new QLineEdit(this))
    , m_unit(new QLabel(this))
    , m_set(new QPushButton(tr("Set"), this))
    , m_reset(new QPushButton(tr("Reset to default"), this))
    , m_check(new QLabel(this))
    , m_confirm(new QCheckBox(tr("Set it anyway"), this))
    , m_result(new QLabel(this))
    , m_readOnlyNote(new QLabel(readOnlyReason(), this))
{
    // The model's order (qless's own options, then queue heartbeats, then the rest) is the
    // useful one: no sorting.
    TableViews::setUp(m_view, m_config);
    m_view->setSortingEnabled(false);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setObjectName(QStringLiteral("configView")); // its remembered columns' key
    m_view->setAccessibleName(tr("Options"));
    QHeaderView *header = m_view->horizontalHeader();
    header->resizeSection(ConfigModel::NameColumn, 200);
    header->resizeSection(ConfigModel::ValueColumn, 150);
    header->resizeSection(ConfigModel::OverrideColumn, 120);
    header->resizeSection(ConfigModel::DefaultColumn, 130);

    auto *note = new QLabel(tr("Bold: set on this server (an override). Grey: not set, the default applies. "
                               "Select an option to change it."),
                            this);
    note->setForegroundRole(QPalette::PlaceholderText);

    // The editor: which option, what it does, the new value checked as it is typed.
    m_option->setPlaceholderText(tr("an option, e.g. crawl-heartbeat"));
    m_option->setToolTip(tr("Select a row above, or type a name: <queue>-heartbeat sets the lock time of one "
                            "queue, <queue>-max-concurrency how many of its jobs may run at once, also for a "
                            "queue not listed yet."));
    auto *completer = new QCompleter(m_config, this);
    completer->setCompletionColumn(ConfigModel::NameColumn);
    completer->setCompletionRole(Qt::DisplayRole);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_option->setCompleter(completer);
    m_about->setWordWrap(true);
    m_about->setForegroundRole(QPalette::PlaceholderText);
    m_about->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_value->setClearButtonEnabled(true);
    m_unit->setMinimumWidth(m_unit->fontMetrics().horizontalAdvance(tr("seconds")) + 4);
    m_set->setToolTip(tr("Store this value on the server (config set)."));
    m_reset->setToolTip(tr("Remove the override: qless's default applies again (config unset)."));
    m_check->setWordWrap(true);
    ToneStyle::setText(m_check, ToneStyle::Tone::Bad);
    m_confirm->setToolTip(tr("qless accepts this value: tick to send it as it is, knowing what it does."));
    m_confirm->hide();
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readOnlyNote->setWordWrap(true);
    ToneStyle::setText(m_readOnlyNote, ToneStyle::Tone::Special); // the connection bar's read-only colour

    auto *box = new QGroupBox(tr("Change an option"), this);
    auto *grid = new QGridLayout(box);
    auto *optionLabel = new QLabel(tr("&Option:"), box);
    optionLabel->setBuddy(m_option);
    auto *valueLabel = new QLabel(tr("&Value:"), box);
    valueLabel->setBuddy(m_value);
    // Fields of a reading width with the buttons right after the value; the rest of the row is
    // left empty rather than stretching the fields across a wide window.
    grid->addWidget(m_readOnlyNote, 0, 0, 1, 6);
    grid->addWidget(optionLabel, 1, 0);
    grid->addWidget(m_option, 1, 1);
    grid->addWidget(m_about, 2, 1, 1, 5);
    grid->addWidget(valueLabel, 3, 0);
    grid->addWidget(m_value, 3, 1);
    grid->addWidget(m_unit, 3, 2);
    grid->addWidget(m_set, 3, 3);
    grid->addWidget(m_reset, 3, 4);
    grid->addWidget(m_check, 4, 1, 1, 5);
    grid->addWidget(m_confirm, 5, 1, 1, 5);
    grid->addWidget(m_result, 6, 0, 1, 6);
    grid->setColumnStretch(5, 1);
    m_option->setFixedWidth(360);
    m_value->setFixedWidth(360);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    auto *noteRow = new QHBoxLayout;
    noteRow->addWidget(note, 1);
    noteRow->addWidget(new TableExportButton(
                           session, [] { return TableExportView{TableExportView::Kind::Config}; }, this),
                       0, Qt::AlignBottom);
    layout->addLayout(noteRow);
    layout->addWidget(m_view, 1);
    layout->addWidget(box);
    setTabOrder(m_view, m_option);
    setTabOrder(m_option, m_value);
    setTabOrder(m_value, m_set);
    setTabOrder(m_set, m_reset);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ConfigPage::onCurrentRowChanged);
    connect(m_option, &QLineEdit::textEdited, this, &ConfigPage::onOptionEdited);
    connect(completer, QOverload<const QString &>::of(&QCompleter::activated), this, &ConfigPage::selectOption);
    // A confirmation is for the value it was given for: a new value asks again.
    connect(m_value, &QLineEdit::textChanged, m_confirm, [this] { m_confirm->setChecked(false); });
    connect(m_value, &QLineEdit::textChanged, this, &ConfigPage::updateControls);
    connect(m_confirm, &QCheckBox::toggled, this, &ConfigPage::updateControls);
    connect(m_value, &QLineEdit::returnPressed, this, &ConfigPage::submitSet);
    connect(m_set, &QPushButton::clicked, this, &ConfigPage::submitSet);
    connect(m_reset, &QPushButton::clicked, this, &ConfigPage::submitReset);
    connect(m_editor, &ConfigEditor::finished, this, &ConfigPage::onWriteFinished);
    connect(m_editor, &ConfigEditor::busyChanged, this, &ConfigPage::updateControls);
    // A refresh can turn an override into a default (someone else unset it): Reset follows.
    connect(m_config, &ConfigModel::refreshed, this, &ConfigPage::updateControls);

    // The user's permissions are learnt after the page is made, and again after each reconnect.
    connect(session, &QlessSession::permissionsChanged, this, &ConfigPage::followWritability);
    followWritability();
}

// Read-only, or a Redis user whose writes the script would refuse: the note above the editor says
// why; its controls are disabled with that reason by ActionCenter's guard (updateControls).
void ConfigPage::followWritability()
{
    const bool refused = ActionCenter::of(session())->isReadOnly();
    m_readOnlyNote->setText(session()->isReadOnly() ? readOnlyReason() : ActionCenter::of(session())->refusalReason());
    m_readOnlyNote->setVisible(refused);
    updateControls();
}

void ConfigPage::refresh(std::function<void(bool ok)> done)
{
    m_config->refresh([this, done] { done(m_config->lastError().isEmpty()); });
}

void ConfigPage::selectOption(const QString &option)
{
    if (m_option->text() != option)
        m_option->setText(option);
    const int row = m_config->rowOf(option);
    if (row < 0) {
        m_view->selectionModel()->clear();
        onCurrentRowChanged();
        return;
    }
    const QModelIndex index = m_config->index(row, 0);
    if (m_view->currentIndex().row() == row && m_view->selectionModel()->isRowSelected(row))
        onCurrentRowChanged(); // reload the value from the row as it is now
    else
        m_view->selectionModel()->setCurrentIndex(index,
                                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

void ConfigPage::onCurrentRowChanged()
{
    // The chosen row fills the editor: its name, and its override to start from (an option not
    // set starts empty, so that Set never writes the default as an override by accident).
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid()) {
        const ConfigOption &row = m_config->rowAt(current.row());
        m_option->setText(row.name);
        m_value->setText(row.origin == ConfigOption::Origin::Override ? row.value : QString());
    }
    updateControls();
}

void ConfigPage::onOptionEdited()
{
    // A typed name that is listed selects its row; any other is a new option.
    const QString option = m_option->text().trimmed();
    const int row = m_config->rowOf(option);
    if (row >= 0) {
        const QString typed = m_value->text();
        m_view->selectionModel()->setCurrentIndex(m_config->index(row, 0),
                                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        if (m_config->rowAt(row).origin != ConfigOption::Origin::Override && !typed.isEmpty())
            m_value->setText(typed); // keep what was typed before the name was finished
    } else {
        m_view->selectionModel()->clear();
    }
    updateControls();
}

void ConfigPage::updateControls()
{
    const QString option = m_option->text().trimmed();
    const int row = m_config->rowOf(option);
    const bool listed = row >= 0;
    const ConfigOption *chosen = listed ? &m_config->rowAt(row) : nullptr;

    // What the option is and where its value comes from now.
    QString about;
    if (option.isEmpty()) {
        about = tr("Select an option in the table, or type a name (such as <queue>-heartbeat for one queue's lock "
                   "time, or <queue>-max-concurrency).");
    } else {
        about = ConfigModel::meaning(option) + QStringLiteral(". ");
        if (!chosen) {
            if (ConfigModel::isQueueMaxConcurrency(option))
                about += tr("Not set: queue %1 runs any number of jobs at once.").arg(ConfigModel::queueOf(option));
            else if (ConfigModel::isQueueHeartbeat(option))
                about += tr("Not listed: queue %1 has no jobs yet, or is new. It uses the global heartbeat "
                            "until this is set.")
                             .arg(ConfigModel::queueOf(option));
            else
                about += tr("Not listed yet: setting it adds it.");
        } else {
            switch (chosen->origin) {
            case ConfigOption::Origin::Default:
                about += tr("Not set: the default (%1) applies.").arg(chosen->defaultValue);
                break;
            case ConfigOption::Origin::Inherited:
                about += tr("Not set for this queue: the global heartbeat (%1) applies.").arg(chosen->value);
                break;
            case ConfigOption::Origin::Override:
                about += chosen->defaultValue.isEmpty()
                             ? tr("Set to %1 on this server; qless has no default for it.").arg(chosen->value)
                             : tr("Set to %1 on this server; reset, it would be %2.")
                                   .arg(chosen->value, chosen->defaultValue);
                break;
            }
        }
    }
    m_about->setText(about);

    const QString unit = ConfigEditor::unitOf(option);
    m_unit->setText(unit);
    QString example;
    if (ConfigEditor::isNumeric(option)) {
        const QString def = ConfigModel::defaultOf(option);
        const QString such = ConfigModel::isQueueMaxConcurrency(option) ? QStringLiteral("5")
                             : def.isEmpty()                            ? QStringLiteral("60")
                                                                        : def;
        example = ConfigEditor::isCount(option) ? tr("a whole number of %1, such as %2").arg(unit, such)
                                                : tr("a number of %1, such as %2").arg(unit, such);
    } else if (!option.isEmpty()) {
        example = tr("text");
    }
    m_value->setPlaceholderText(example);

    // The value is checked as it is typed; an empty field just is not ready yet.
    const QString problem = m_value->text().isEmpty() ? QString() : ConfigEditor::problem(option, m_value->text());
    // A number qless takes but that does something surprising: said, and confirmed before Set.
    const QString warning = m_value->text().isEmpty() ? QString() : ConfigEditor::warning(option, m_value->text());
    m_check->setText(problem.isEmpty() ? warning : problem);
    // Amber: a value that may be set, with a consequence to confirm first.
    ToneStyle::setText(m_check, problem.isEmpty() ? ToneStyle::Tone::Warning : ToneStyle::Tone::Bad);
    m_check->setVisible(!m_check->text().isEmpty());
    m_confirm->setVisible(!warning.isEmpty());

    const bool writable = !ActionCenter::of(session())->isReadOnly() && !m_editor->isBusy();
    m_set->setEnabled(writable && !option.isEmpty() && !m_value->text().isEmpty() && problem.isEmpty()
                      && (warning.isEmpty() || m_confirm->isChecked()));
    m_reset->setEnabled(writable && chosen && chosen->origin == ConfigOption::Origin::Override);
    if (!ActionCenter::of(session())->isReadOnly()) {
        m_reset->setToolTip(
            chosen && chosen->origin == ConfigOption::Origin::Override
                ? tr("Remove the override: the default (%1) applies again (config unset).")
                      .arg(ConfigModel::isQueueHeartbeat(option) ? tr("the global heartbeat") : chosen->defaultValue)
                : tr("Nothing to reset: this option is not set on this server."));
    }
    // Each time, after the page set them for its own reasons (the fields are always on for it): the
    // guard applies the refusal on top, and takes it off when a reconnect finds the user may write.
    for (QWidget *field :
         {static_cast<QWidget *>(m_option), static_cast<QWidget *>(m_value), static_cast<QWidget *>(m_confirm)})
        field->setEnabled(true);
    for (QWidget *control :
         {static_cast<QWidget *>(m_option), static_cast<QWidget *>(m_value), static_cast<QWidget *>(m_set),
          static_cast<QWidget *>(m_reset), static_cast<QWidget *>(m_confirm)})
        ActionCenter::of(session())->guard(control);
}

void ConfigPage::setSubmitting(const QString &option)
{
    m_writing = option;
    ToneStyle::setText(m_result, ToneStyle::Tone::Plain);
    m_result->setText(tr("Writing %1…").arg(option));
}

void ConfigPage::submitSet()
{
    if (!m_set->isEnabled())
        return;
    const QString option = m_option->text().trimmed();
    QString error;
    if (!m_editor->set(option, m_value->text(), &error, m_confirm->isChecked())) {
        showResult(false, error);
        return;
    }
    setSubmitting(option);
}

void ConfigPage::submitReset()
{
    if (!m_reset->isEnabled())
        return;
    const QString option = m_option->text().trimmed();
    QString error;
    if (!m_editor->unset(option, &error)) {
        showResult(false, error);
        return;
    }
    setSubmitting(option);
}

void ConfigPage::onWriteFinished(bool ok, const QString &message)
{
    showResult(ok, message);
    // The table has been read again: show the option as the server holds it now.
    const QString option = m_writing;
    m_writing.clear();
    if (ok && !option.isEmpty())
        selectOption(option);
    updateControls();
}

void ConfigPage::showResult(bool ok, const QString &message)
{
    ToneStyle::setText(m_result, ok ? ToneStyle::Tone::Plain : ToneStyle::Tone::Bad);
    m_result->setText(message);
}
